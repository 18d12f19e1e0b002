import type { Asset } from '../../../../contract/creative';

export function FocalPointPicker(props: {
  asset: Asset;
  focalX: number;
  focalY: number;
  onChange(x: number, y: number): void;
  disabled?: boolean;
  label: string;
}) {
  return <img src={props.asset.thumbnailUrl} alt={props.label} />;
}
