import '../support/matchers';
import { FocalPointPicker } from '@src/features/planning/creative/FocalPointPicker';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { image } from './fixtures';

function Harness(props: { x?: number; y?: number; moves: [number, number][]; disabled?: boolean }) {
  const [point, setPoint] = useState<[number, number]>([props.x ?? 0.5, props.y ?? 0.5]);
  return (
    <FocalPointPicker
      asset={image}
      focalX={point[0]}
      focalY={point[1]}
      label="Focal point"
      disabled={props.disabled}
      onChange={(x, y) => {
        props.moves.push([x, y]);
        setPoint([x, y]);
      }}
    />
  );
}

const picker = () => screen.getByRole('slider', { name: 'Focal point' });

describe('FocalPointPicker', () => {
  it('moves the point by 5 % with the arrow keys', async () => {
    const user = userEvent.setup();
    const moves: [number, number][] = [];
    render(<Harness moves={moves} />);
    expect(picker()).toHaveAttribute('aria-valuetext', '50% from the left, 50% from the top');
    expect(picker().querySelector('img')).toHaveAttribute('src', image.thumbnailUrl);

    picker().focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowUp}');
    expect(moves).toEqual([
      [0.55, 0.5],
      [0.6, 0.5],
      [0.6, 0.45],
    ]);
    expect(picker()).toHaveAttribute('aria-valuetext', '60% from the left, 45% from the top');
    await user.keyboard('{ArrowDown}{ArrowLeft}');
    expect(moves.at(-1)).toEqual([0.55, 0.5]);
  });

  it('stops at the picture’s edges', async () => {
    const user = userEvent.setup();
    const moves: [number, number][] = [];
    render(<Harness moves={moves} x={0.98} y={0.02} />);
    picker().focus();
    await user.keyboard('{ArrowRight}{ArrowUp}');
    expect(moves).toEqual([
      [1, 0.02],
      [1, 0],
    ]);
    // Already at the edge: nothing to change.
    await user.keyboard('{ArrowRight}{ArrowUp}');
    expect(moves).toHaveLength(2);
    expect(picker()).toHaveAttribute('aria-valuetext', '100% from the left, 0% from the top');
  });

  it('places the point where the picture is clicked', () => {
    const moves: [number, number][] = [];
    render(<Harness moves={moves} />);
    picker().getBoundingClientRect = () =>
      ({ left: 100, top: 50, width: 400, height: 200, right: 500, bottom: 250, x: 100, y: 50 }) as DOMRect;
    fireEvent.pointerDown(picker(), { button: 0, pointerId: 1, clientX: 200, clientY: 200 });
    expect(moves).toEqual([[0.25, 0.75]]);
    // Outside the picture (a drag past its edge) clamps to the edge.
    fireEvent.pointerDown(picker(), { button: 0, pointerId: 1, clientX: 900, clientY: 0 });
    expect(moves.at(-1)).toEqual([1, 0]);
  });

  it('offers two labelled sliders for across and down', () => {
    const moves: [number, number][] = [];
    render(<Harness moves={moves} />);
    fireEvent.change(screen.getByRole('slider', { name: 'Across' }), { target: { value: '30' } });
    expect(moves.at(-1)).toEqual([0.3, 0.5]);
    fireEvent.change(screen.getByRole('slider', { name: 'Down' }), { target: { value: '80' } });
    expect(moves.at(-1)).toEqual([0.3, 0.8]);
  });

  it('ignores keys and clicks while disabled', async () => {
    const user = userEvent.setup();
    const moves: [number, number][] = [];
    render(<Harness moves={moves} disabled />);
    picker().focus();
    await user.keyboard('{ArrowRight}');
    fireEvent.pointerDown(picker(), { button: 0, pointerId: 1, clientX: 10, clientY: 10 });
    expect(moves).toEqual([]);
    expect(picker()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('slider', { name: 'Across' })).toBeDisabled();
  });
});
