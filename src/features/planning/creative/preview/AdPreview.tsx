import type { Ad, Asset, CreativeSpecs } from '../../../../../contract/creative';
import { formatSpecOf } from '../../../../../contract/creative';

export function AdPreview(props: {
  ad: Ad;
  specs: CreativeSpecs;
  assets: Readonly<Record<string, Asset>>;
  placementKey: string;
  brandName: string;
}) {
  const placement = props.specs.placements.find((p) => p.key === props.placementKey);
  return <div data-kind={placement?.kind}>{props.brandName}</div>;
}

export function AdPreviewSwitcher(props: {
  ad: Ad;
  specs: CreativeSpecs;
  assets: Readonly<Record<string, Asset>>;
  brandName: string;
}) {
  const keys = formatSpecOf(props.specs, props.ad.format)?.placements ?? [];
  const first = keys[0];
  if (!first) return null;
  return <AdPreview {...props} placementKey={first} />;
}
