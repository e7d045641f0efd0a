// A change of a unit drawn on the page: a small part of the page's screenshot for a device, with the unit where it is
// (or was: dashed red) and where it should go (or went: green), so a recommendation or a detected change can be checked
// at a glance.
import { REFERENCE_WIDTHS, type Change, type DeviceType, type Recommendation } from '@foldline/contracts';
import { Fragment, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useRefreshScreenshot, useScreenshot } from '../api/get-screenshot.ts';
import { imageLayoutHeight } from '../heatmap/heatmap-geometry.ts';
import { changeBoxes, previewLayout, recommendationBoxes, type PreviewBox } from '../lib/recommendation-boxes.ts';

/** The thumbnail's largest size in CSS pixels: a column beside the card's text. */
const MAX_WIDTH = 208;
const MAX_HEIGHT = 240;
/** Between two views of a page whose boxes are far apart. */
const GAP = 18;

const BOX_STYLES: Record<PreviewBox['kind'], string> = {
  // A white ring keeps each box apart from whatever the page shows under it (often an ad's own colours).
  current: 'border-2 border-dashed border-red-600 bg-red-500/20 ring-1 ring-white',
  recommended: 'border-2 border-green-600 bg-green-500/30 ring-1 ring-white',
};

export function RecommendationPreview({ url, recommendation }: { url: string; recommendation: Recommendation }) {
  return (
    <PagePreview
      url={url}
      device={recommendation.device}
      boxes={recommendationBoxes(recommendation)}
      label={describe(recommendation)}
      legend={{ current: 'Now', recommended: recommendation.type === 'new_ad_placement' ? 'New unit' : 'Recommended' }}
    />
  );
}

/** A detected change (issue 25): the unit before (dashed red) and after (green) on today's screenshot. */
export function ChangePreview({ url, change }: { url: string; change: Change }) {
  const px = (y: number) => `${formatNumber(y)} px`;
  const places = [change.before && `before at ${px(change.before.y)}`, change.after && `after at ${px(change.after.y)}`].filter(Boolean).join(' and ');
  return (
    <PagePreview
      url={url}
      device={change.device}
      boxes={changeBoxes(change)}
      label={`${change.device[0]!.toUpperCase()}${change.device.slice(1)} screenshot of the page: the unit ${places}`}
      legend={{ current: 'Before', recommended: 'After' }}
    />
  );
}

function PagePreview({ url, device, boxes, label, legend }: { url: string; device: DeviceType; boxes: PreviewBox[]; label: string; legend: Record<PreviewBox['kind'], string> }) {
  const params = { url, deviceType: device };
  // The same query as the heatmaps' screenshot: one capture serves both, and the recommendations call has just
  // rendered the page, so it is usually ready.
  const screenshot = useScreenshot(params);
  const retry = useRefreshScreenshot(params);
  return (
    <figure className="w-full shrink-0 space-y-2 sm:w-52">
      {screenshot.isPending || (screenshot.isError && screenshot.isFetching) ? (
        <p role="status" className="flex items-center gap-2 text-xs text-slate-500">
          <Spinner className="size-4 text-indigo-600" /> Loading screenshot...
        </p>
      ) : screenshot.isError ? (
        <div className="space-y-2 text-xs text-red-800">
          <p>Error loading screenshot: {screenshot.error.message || 'Failed to load screenshot'}</p>
          <Button variant="secondary" size="sm" onClick={retry}>
            Retry
          </Button>
        </div>
      ) : (
        <Thumbnail image={screenshot.data.image} referenceWidth={REFERENCE_WIDTHS[device]} boxes={boxes} label={label} />
      )}
      <figcaption className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600">
        {boxes.map((box) => (
          <span key={box.kind} className="inline-flex items-center gap-1">
            <span aria-hidden="true" className={`inline-block size-3 ${BOX_STYLES[box.kind]}`} />
            {legend[box.kind]}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

function Thumbnail({ image, referenceWidth, boxes, label }: { image: Blob; referenceWidth: number; boxes: PreviewBox[]; label: string }) {
  // The image is fetched with the bearer token, so it is shown through an object URL, made and measured here and
  // released when the image changes or the card goes. Each state names its image, so a new one (Retry) starts over.
  const [loaded, setLoaded] = useState<{ image: Blob; url: string; width: number; height: number } | null>(null);
  const [broken, setBroken] = useState<Blob | null>(null);
  useEffect(() => {
    const url = URL.createObjectURL(image);
    const probe = new Image();
    let current = true;
    probe.onload = () => current && setLoaded({ image, url, width: probe.naturalWidth, height: probe.naturalHeight });
    probe.onerror = () => current && setBroken(image);
    probe.src = url;
    return () => {
      current = false;
      URL.revokeObjectURL(url);
    };
  }, [image]);

  if (broken === image) return <p className="text-xs text-red-800">Error loading screenshot: Failed to load screenshot</p>;
  if (loaded?.image !== image) {
    return (
      <p role="status" className="flex items-center gap-2 text-xs text-slate-500">
        <Spinner className="size-4 text-indigo-600" /> Loading screenshot...
      </p>
    );
  }
  const imageHeight = imageLayoutHeight(loaded.width, loaded.height, referenceWidth);
  const { scale, width, segments } = previewLayout(boxes, imageHeight, referenceWidth, { maxWidth: MAX_WIDTH, maxHeight: MAX_HEIGHT, gap: GAP });
  return (
    <div role="img" aria-label={label} className="mx-auto" style={{ width }}>
      {segments.map((segment, index) => {
        const previous = segments[index - 1];
        return (
          <Fragment key={segment.top}>
            {previous && (
              // The part of the page between two views, named by its length.
              <p className="flex items-center justify-center text-[10px] leading-none text-slate-500" style={{ height: GAP }}>
                ⋮ {formatNumber(segment.top - previous.top - previous.height)} px not shown
              </p>
            )}
            <div className="relative overflow-hidden rounded-sm bg-slate-100 ring-1 ring-slate-200" style={{ height: segment.height * scale }}>
              <img
                src={loaded.url}
                alt=""
                draggable={false}
                className="absolute left-0 max-w-none select-none"
                style={{ top: -segment.top * scale, width, height: imageHeight * scale }}
              />
              {boxes
                .filter((box) => box.y < segment.top + segment.height && box.y + box.height > segment.top)
                .map((box) => (
                  <div
                    key={box.kind}
                    data-box={box.kind}
                    className={`absolute ${BOX_STYLES[box.kind]}`}
                    style={{ left: box.x * scale, top: (box.y - segment.top) * scale, width: box.width * scale, height: box.height * scale }}
                  />
                ))}
            </div>
          </Fragment>
        );
      })}
    </div>
  );
}

/** What the picture shows, for assistive technology: 'Desktop screenshot of the page: the unit now at 1,713 px and
 * the recommended place at 1,113 px'. */
function describe(recommendation: Recommendation): string {
  const px = (y: number) => `${formatNumber(y)} px`;
  const head = `${recommendation.device[0]!.toUpperCase()}${recommendation.device.slice(1)} screenshot of the page`;
  switch (recommendation.type) {
    case 'new_ad_placement':
      return `${head}: the new ${recommendation.recommended_ad_format} unit at ${px(recommendation.position.y)}`;
    case 'move_ad_unit':
      return `${head}: the unit now at ${px(recommendation.current_position.y)} and the recommended place at ${px(recommendation.recommended_position.y)}`;
    case 'format_change':
      return `${head}: the ${recommendation.current_format} now and the ${recommendation.recommended_format} in its place at ${px(recommendation.position.y)}`;
  }
}
