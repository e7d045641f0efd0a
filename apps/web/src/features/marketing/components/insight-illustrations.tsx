// Drawings of Foldline's own views (heatmap, scroll reach, engagement, ad-unit table) for the landing page.
// They are labelled illustrations of the interface, not screenshots of anyone's data.

const frame = { rx: 10, fill: '#ffffff', stroke: '#e2e8f0' };

function BrowserChrome() {
  return (
    <>
      <rect x="0.5" y="0.5" width="319" height="199" {...frame} />
      <rect x="0.5" y="0.5" width="319" height="22" rx="10" fill="#f1f5f9" />
      <circle cx="14" cy="12" r="3" fill="#f87171" />
      <circle cx="24" cy="12" r="3" fill="#fbbf24" />
      <circle cx="34" cy="12" r="3" fill="#34d399" />
      <rect x="52" y="7" width="150" height="10" rx="5" fill="#e2e8f0" />
    </>
  );
}

/** Page skeleton lines, as the screenshot under a heatmap would show. */
function PageSkeleton() {
  return (
    <g fill="#e2e8f0">
      <rect x="16" y="34" width="120" height="12" rx="3" fill="#cbd5e1" />
      <rect x="16" y="54" width="180" height="6" rx="3" />
      <rect x="16" y="66" width="160" height="6" rx="3" />
      <rect x="16" y="78" width="170" height="6" rx="3" />
      <rect x="16" y="96" width="190" height="60" rx="4" fill="#f1f5f9" />
      <rect x="220" y="34" width="84" height="70" rx="4" fill="#eef2ff" stroke="#c7d2fe" strokeDasharray="3 2" />
      <rect x="16" y="166" width="150" height="6" rx="3" />
      <rect x="16" y="178" width="120" height="6" rx="3" />
    </g>
  );
}

export function ClickHeatmapIllustration() {
  const spots = [
    { x: 76, y: 40, r: 22, o: 0.85 },
    { x: 262, y: 68, r: 26, o: 0.9 },
    { x: 110, y: 126, r: 18, o: 0.55 },
    { x: 60, y: 172, r: 12, o: 0.4 },
    { x: 170, y: 60, r: 10, o: 0.35 },
  ];
  return (
    <svg viewBox="0 0 320 200" role="img" aria-labelledby="ill-click-title" className="h-auto w-full">
      <title id="ill-click-title">Illustration: Foldline's click heatmap drawn over a page screenshot</title>
      <defs>
        <radialGradient id="ill-heat">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="0.25" stopColor="#ef4444" />
          <stop offset="0.6" stopColor="#f97316" />
          <stop offset="1" stopColor="#facc15" stopOpacity="0" />
        </radialGradient>
      </defs>
      <BrowserChrome />
      <PageSkeleton />
      {spots.map((s) => (
        <circle key={`${s.x}-${s.y}`} cx={s.x} cy={s.y} r={s.r} fill="url(#ill-heat)" opacity={s.o} />
      ))}
    </svg>
  );
}

export function ScrollDepthIllustration() {
  const marks = [
    { pct: 0, reach: '100%', y: 28 },
    { pct: 25, reach: '82%', y: 70 },
    { pct: 50, reach: '61%', y: 112 },
    { pct: 75, reach: '38%', y: 154 },
  ];
  return (
    <svg viewBox="0 0 320 200" role="img" aria-labelledby="ill-scroll-title" className="h-auto w-full">
      <title id="ill-scroll-title">Illustration: Foldline's scroll-depth view with reach marks at 0, 25, 50 and 75 percent</title>
      <defs>
        <linearGradient id="ill-scroll" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ef4444" stopOpacity="0.55" />
          <stop offset="0.5" stopColor="#f59e0b" stopOpacity="0.4" />
          <stop offset="1" stopColor="#3b82f6" stopOpacity="0.25" />
        </linearGradient>
      </defs>
      <BrowserChrome />
      <PageSkeleton />
      <rect x="1" y="23" width="318" height="176" fill="url(#ill-scroll)" />
      {marks.map((m) => (
        <g key={m.pct}>
          <line x1="1" x2="319" y1={m.y} y2={m.y} stroke="#1e293b" strokeDasharray="4 3" strokeWidth="1" />
          <rect x="232" y={m.y - 9} width="80" height="16" rx="4" fill="#1e293b" />
          <text x="272" y={m.y + 2.5} textAnchor="middle" fontSize="9" fill="#ffffff" fontFamily="ui-sans-serif, system-ui">
            {`${m.pct}% · ${m.reach}`}
          </text>
        </g>
      ))}
    </svg>
  );
}

export function EngagementIllustration() {
  const bars = [42, 68, 90, 74, 55, 38, 24, 16];
  return (
    <svg viewBox="0 0 320 200" role="img" aria-labelledby="ill-engagement-title" className="h-auto w-full">
      <title id="ill-engagement-title">Illustration: Foldline's engagement view, time spent per depth band of a page</title>
      <rect x="0.5" y="0.5" width="319" height="199" {...frame} />
      <text x="16" y="26" fontSize="11" fontWeight="600" fill="#0f172a" fontFamily="ui-sans-serif, system-ui">
        Engagement time by depth
      </text>
      <text x="16" y="42" fontSize="9" fill="#64748b" fontFamily="ui-sans-serif, system-ui">
        Average Time on Page · 1m 12s
      </text>
      <line x1="16" x2="304" y1="176" y2="176" stroke="#cbd5e1" />
      {bars.map((h, i) => (
        <rect key={i} x={22 + i * 35} y={176 - h * 1.2} width="24" height={h * 1.2} rx="3" fill={i === 2 ? '#4f46e5' : '#a5b4fc'} />
      ))}
      {['0%', '25%', '50%', '75%', '100%'].map((label, i) => (
        <text key={label} x={22 + i * 70} y="190" fontSize="8" fill="#64748b" fontFamily="ui-sans-serif, system-ui">
          {label}
        </text>
      ))}
    </svg>
  );
}

export function AdUnitMetricsIllustration() {
  const rows = [
    { name: 'Header leaderboard', format: '728x90', view: 78, tone: '#16a34a' },
    { name: 'Sidebar rectangle', format: '300x250', view: 61, tone: '#ca8a04' },
    { name: 'Footer banner', format: '970x90', view: 34, tone: '#dc2626' },
  ];
  return (
    <svg viewBox="0 0 320 200" role="img" aria-labelledby="ill-ads-title" className="h-auto w-full">
      <title id="ill-ads-title">Illustration: Foldline's ad unit table with viewability bars per unit</title>
      <rect x="0.5" y="0.5" width="319" height="199" {...frame} />
      <rect x="1" y="1" width="318" height="30" rx="10" fill="#f8fafc" />
      {['Name', 'Format', 'Viewability'].map((h, i) => (
        <text key={h} x={[16, 140, 200][i]} y="20" fontSize="9" fontWeight="600" fill="#475569" fontFamily="ui-sans-serif, system-ui">
          {h.toUpperCase()}
        </text>
      ))}
      {rows.map((r, i) => {
        const y = 56 + i * 48;
        return (
          <g key={r.name} fontFamily="ui-sans-serif, system-ui">
            <text x="16" y={y} fontSize="10" fill="#0f172a">
              {r.name}
            </text>
            <text x="140" y={y} fontSize="10" fill="#475569" fontFamily="ui-monospace, monospace">
              {r.format}
            </text>
            <rect x="200" y={y - 8} width="70" height="8" rx="4" fill="#e2e8f0" />
            <rect x="200" y={y - 8} width={0.7 * r.view} height="8" rx="4" fill={r.tone} />
            <text x="276" y={y} fontSize="9" fill="#334155">{`${r.view}%`}</text>
            {i < rows.length - 1 && <line x1="16" x2="304" y1={y + 22} y2={y + 22} stroke="#f1f5f9" />}
          </g>
        );
      })}
    </svg>
  );
}
