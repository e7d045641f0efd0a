// The demo site's stylesheet, generated from METRICS so the page and the simulator's layout model share every size.
import { BLOCK, METRICS, type Device, type DeviceMetrics } from './metrics.ts';

const SERIF = "Georgia, 'DejaVu Serif', 'Liberation Serif', serif";
const SANS = "'Helvetica Neue', Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif";

const MEDIA: Record<Device, string> = {
  desktop: '(min-width: 1024px)',
  tablet: '(min-width: 768px) and (max-width: 1023.98px)',
  mobile: '(max-width: 767.98px)',
};

function deviceRules(device: Device, m: DeviceMetrics): string {
  const container = m.container ? `width:${m.container}px;margin:0 auto;` : `margin:0 ${m.gutter}px;`;
  return `@media ${MEDIA[device]} {
  .container{${container}}
  .site-header{height:${m.header}px}
  .masthead{height:${m.navTop}px}
  .nav{height:${m.navHeight}px}
  .main{width:${m.sideWidth ? `${m.mainWidth(m.container ?? 0)}px` : '100%'}}
  .side{${m.sideWidth ? `display:block;width:${m.sideWidth}px;margin-left:${m.columnGap}px` : 'display:none'}}
  .cards{grid-template-columns:repeat(${m.cardColumns},1fr);gap:${m.cardGap}px}
  .card{height:${m.cardHeight}px}
  .lead h2{height:${m.leadHeadline}px}
  .lead p{height:${m.leadTeaser}px}
  .article-body p,.article-body .standfirst-p{font-size:${m.body.fontSize}px;line-height:${m.body.lineHeight}px}
  h1{font-size:${m.headline.fontSize}px;line-height:${m.headline.lineHeight}px}
  .standfirst{font-size:${m.standfirst.fontSize}px;line-height:${m.standfirst.lineHeight}px}
  .brief p{font-size:${m.brief.fontSize}px;line-height:${m.brief.lineHeight}px}
  .site-footer{height:${m.footer}px}
  .hide-${device}{display:none}
}`;
}

export function stylesheet(): string {
  return `*{box-sizing:border-box}
html,body{margin:0;padding:0}
body{font-family:${SANS};color:#1d1d1f;background:#fff}
a{color:inherit;text-decoration:none}
.site-header{border-bottom:3px solid #1d1d1f;overflow:hidden}
.masthead{display:flex;align-items:center;justify-content:space-between;overflow:hidden}
#masthead-logo{font-family:${SERIF};font-size:32px;font-weight:700;letter-spacing:-0.5px}
.dateline{font-size:13px;color:#666}
.nav{display:flex;align-items:center;border-top:1px solid #ddd;overflow:hidden}
.nav a{display:block;flex:0 0 auto;width:min(120px,25%);overflow:hidden;white-space:nowrap;line-height:44px;font-size:15px;font-weight:600}
.nav a:hover{color:#b3261e}
.top{padding-top:${BLOCK.blockGap}px}
.columns{display:flex;align-items:flex-start}
.main,.side{flex:none}
.ad{padding:${BLOCK.adPadding}px 0;text-align:center}
.ad-label{height:${BLOCK.adLabel}px;font-size:10px;line-height:${BLOCK.adLabel}px;letter-spacing:1px;text-transform:uppercase;color:#8a8a8a}
.ad-slot{margin:0 auto;background:#f3f3f3;overflow:hidden}
.ad-slot iframe{border:0;display:block}
ins.adsbygoogle{display:inline-block;background:#f3f3f3;overflow:hidden}
.page-title{height:${BLOCK.pageTitle}px;margin:0;font-family:${SERIF};font-size:36px;line-height:${BLOCK.pageTitle}px}
.lead{display:block;margin-bottom:${BLOCK.blockGap}px}
.lead img,.hero img{display:block;width:100%;aspect-ratio:16/9;background:#dfe6ea}
.lead h2{margin:0;padding-top:12px;overflow:hidden;font-family:${SERIF};font-size:28px;line-height:34px}
.lead p{margin:0;overflow:hidden;font-size:17px;line-height:24px;color:#444}
.cards{display:grid;margin-bottom:${BLOCK.blockGap}px}
.card{display:block;overflow:hidden;padding:14px 16px;border:1px solid #e2e2e2;border-top:3px solid #b3261e}
.card .kicker{display:block;height:20px;font-size:12px;font-weight:700;text-transform:uppercase;color:#b3261e}
.card h3{margin:0 0 6px;max-height:72px;overflow:hidden;font-family:${SERIF};font-size:19px;line-height:24px}
.card p{margin:0;max-height:40px;overflow:hidden;font-size:14px;line-height:20px;color:#555}
.section-title{height:${BLOCK.sectionTitle}px;margin:0;font-size:15px;line-height:${BLOCK.sectionTitle}px;text-transform:uppercase;letter-spacing:1px;border-bottom:1px solid #ddd}
.briefs{padding-bottom:${BLOCK.blockGap}px}
.brief{margin-bottom:${BLOCK.briefGap}px}
.brief h3{height:${BLOCK.briefTitle}px;margin:0;padding-top:6px;font-size:16px;line-height:20px}
.brief p{margin:0;color:#333}
.article-head .kicker{display:block;height:${BLOCK.kicker}px;font-size:13px;line-height:${BLOCK.kicker}px;font-weight:700;text-transform:uppercase;color:#b3261e}
h1{margin:0;font-family:${SERIF}}
.standfirst{margin:12px 0 0;color:#333}
.byline{height:${BLOCK.byline}px;margin:0;font-size:13px;line-height:${BLOCK.byline}px;color:#666}
.hero{margin:0 0 ${BLOCK.blockGap}px}
.hero figcaption{height:${BLOCK.caption}px;font-size:13px;line-height:${BLOCK.caption}px;color:#666;overflow:hidden}
.article-body p{margin:0 0 ${BLOCK.paragraphGap}px;font-family:${SERIF}}
.article-body h2{margin:0;padding:${BLOCK.subhead.padTop}px 0 ${BLOCK.subhead.padBottom}px;font-size:${BLOCK.subhead.fontSize}px;line-height:${BLOCK.subhead.lineHeight}px}
.list{padding-bottom:${BLOCK.blockGap}px}
.list a{display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;overflow:hidden;border-bottom:1px solid #eee;font-family:${SERIF};font-size:16px;line-height:22px;padding:9px 0}
.list.most-read a{height:${BLOCK.listItem}px}
.list.related a{height:${BLOCK.relatedItem}px}
.site-footer{background:#1d1d1f;color:#ddd;font-size:13px;line-height:20px;overflow:hidden}
.site-footer p{margin:0;padding:24px 0 0}
${(Object.keys(METRICS) as Device[]).map((device) => deviceRules(device, METRICS[device])).join('\n')}
`;
}
