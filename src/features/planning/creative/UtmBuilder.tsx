import type { Utm } from '../../../../contract/creative';
import { finalUrl } from '../../../../contract/creative';

export function UtmBuilder(props: {
  destinationUrl: string;
  utm: Utm | null;
  defaults: Utm;
  onChange(utm: Utm | null): void;
  disabled?: boolean;
  idPrefix: string;
  errors?: Partial<Record<'source' | 'medium' | 'campaign' | 'content', string>>;
}) {
  return (
    <label>
      <input
        type="checkbox"
        checked={props.utm !== null}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.currentTarget.checked ? (props.utm ?? props.defaults) : null)}
      />
      Add UTM parameters <output>{finalUrl(props.destinationUrl, props.utm)}</output>
    </label>
  );
}
