import type { Asset } from '@contract/creative';
import { visuallyHidden } from '@src/ui/a11y.css';
import { type KeyboardEvent, type PointerEvent, useCallback, useId } from 'react';
import * as styles from './focalPointPicker.css';

/** Arrow keys move the point by 5 % of the picture; Shift makes it 1 % for a fine adjustment. */
const STEP = 0.05;
const FINE_STEP = 0.01;

/** Three decimals: what the crop URL carries, and no 0.15000000000000002 from adding steps. */
const clampFraction = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 1000) / 1000;

const percent = (value: number) => `${Math.round(value * 100)}%`;

/** The picture is shown whole, at most this big. */
const MAX_WIDTH_PX = 440;
const MAX_HEIGHT_PX = 320;

function shownWidth(asset: Asset): number {
  if (asset.width <= 0 || asset.height <= 0) return MAX_WIDTH_PX;
  return Math.round(Math.min(MAX_WIDTH_PX, (MAX_HEIGHT_PX * asset.width) / asset.height));
}

/** `var(--x)` → `--x`, for CSSOM's setProperty. */
const propertyName = (cssVar: string) => cssVar.replace(/^var\((--[^,)]+).*$/, '$1');

/**
 * Where the picture's subject is, for the crops to keep it in view: click or drag on the picture, or with
 * the keyboard the arrow keys on the picture (a 2-D slider) and the two labelled sliders under it.
 */
export function FocalPointPicker(props: {
  asset: Asset;
  focalX: number;
  focalY: number;
  onChange(x: number, y: number): void;
  disabled?: boolean;
  label: string;
}) {
  const id = useId();
  const { focalX, focalY, disabled } = props;
  const x = clampFraction(focalX);
  const y = clampFraction(focalY);

  const width = shownWidth(props.asset);
  const ratio =
    props.asset.width > 0 && props.asset.height > 0 ? `${props.asset.width} / ${props.asset.height}` : null;
  const place = useCallback(
    (element: HTMLElement | null) => {
      if (!element) return;
      element.style.setProperty(propertyName(styles.focalX), `${x * 100}%`);
      element.style.setProperty(propertyName(styles.focalY), `${y * 100}%`);
      element.style.setProperty(propertyName(styles.pictureWidth), `${width}px`);
      if (ratio) element.style.setProperty(propertyName(styles.pictureRatio), ratio);
    },
    [x, y, width, ratio],
  );

  const change = (nextX: number, nextY: number) => {
    if (disabled) return;
    const cx = clampFraction(nextX);
    const cy = clampFraction(nextY);
    if (cx !== x || cy !== y) props.onChange(cx, cy);
  };

  const pointAt = (event: PointerEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width <= 0 || box.height <= 0) return;
    change((event.clientX - box.left) / box.width, (event.clientY - box.top) / box.height);
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (disabled || event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    event.currentTarget.focus();
    pointAt(event);
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (event.currentTarget.hasPointerCapture?.(event.pointerId)) pointAt(event);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const step = event.shiftKey ? FINE_STEP : STEP;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [x - step, y],
      ArrowRight: [x + step, y],
      ArrowUp: [x, y - step],
      ArrowDown: [x, y + step],
      Home: [0.5, 0.5],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    change(...move);
  };

  const valueText = `${percent(x)} from the left, ${percent(y)} from the top`;

  return (
    <div className={styles.root}>
      <span id={`${id}-label`} className={styles.label}>
        {props.label}
      </span>
      <div
        ref={place}
        className={styles.picture}
        role="slider"
        tabIndex={disabled ? -1 : 0}
        aria-labelledby={`${id}-label`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(x * 100)}
        aria-valuetext={valueText}
        aria-disabled={disabled ? true : undefined}
        aria-keyshortcuts="ArrowLeft ArrowRight ArrowUp ArrowDown Home"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onKeyDown={onKeyDown}
        data-focal={`${x} ${y}`}
      >
        <img className={styles.image} src={props.asset.thumbnailUrl} alt="" draggable={false} />
        <span className={styles.marker} />
      </div>
      <fieldset className={styles.ranges}>
        <legend className={visuallyHidden}>{props.label}</legend>
        <label htmlFor={`${id}-x`}>Across</label>
        <input
          id={`${id}-x`}
          className={styles.range}
          type="range"
          min={0}
          max={100}
          step={1}
          value={Math.round(x * 100)}
          disabled={disabled}
          aria-valuetext={`${percent(x)} from the left`}
          onChange={(event) => change(Number(event.currentTarget.value) / 100, y)}
        />
        <span className={styles.value}>{percent(x)}</span>
        <label htmlFor={`${id}-y`}>Down</label>
        <input
          id={`${id}-y`}
          className={styles.range}
          type="range"
          min={0}
          max={100}
          step={1}
          value={Math.round(y * 100)}
          disabled={disabled}
          aria-valuetext={`${percent(y)} from the top`}
          onChange={(event) => change(x, Number(event.currentTarget.value) / 100)}
        />
        <span className={styles.value}>{percent(y)}</span>
      </fieldset>
    </div>
  );
}
