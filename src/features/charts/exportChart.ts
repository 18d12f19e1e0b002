import type { Chart } from '@machines/chart';
import type { ChartModel } from '@machines/chartsExplorer';
import { downloadText } from '@src/lib/download';

/** The diagram as a standalone SVG file (its colours are attributes, so it looks as on the page). */
export function svgText(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  // At the diagram's own size, however it is zoomed on the page.
  const { width, height } = sizeOf(svg);
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  for (const element of copy.querySelectorAll('[tabindex], [role]')) {
    element.removeAttribute('tabindex');
    element.removeAttribute('role');
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}\n`;
}

function download(fileName: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function downloadSvg(name: string, svg: SVGSVGElement): void {
  download(`${name}.svg`, new Blob([svgText(svg)], { type: 'image/svg+xml' }));
}

/** The diagram drawn on a canvas at twice its size (a blob: image, which the CSP's img-src allows). */
/** The diagram's own size: its viewBox (the page may draw it scaled to its panel). */
function sizeOf(svg: SVGSVGElement) {
  const [, , width = 0, height = 0] = (svg.getAttribute('viewBox') ?? '').split(/\s+/).map(Number);
  return { width, height };
}

export async function downloadPng(name: string, svg: SVGSVGElement): Promise<void> {
  const { width, height } = sizeOf(svg);
  const url = URL.createObjectURL(new Blob([svgText(svg)], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = width * 2;
    canvas.height = height * 2;
    const context = canvas.getContext('2d');
    if (!context) return;
    context.scale(2, 2);
    context.drawImage(image, 0, 0, width, height);
    const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (png) download(`${name}.png`, png);
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The chart's states and transitions as Markdown, for a requirements document. */
export function chartMarkdown(chart: Chart, model: ChartModel): string {
  const byId = new Map(model.states.map((state) => [state.id, state]));
  const name = (id: string) => byId.get(id)?.path ?? '(the whole chart)';
  const lines = [`# ${chart.title}`, '', chart.description || model.rootDescription, '', '## States', ''];
  for (const state of model.states) {
    const kind =
      state.type === 'atomic'
        ? ''
        : ` (${state.type === 'history' ? `${state.history} history` : state.type})`;
    const initial = state.initial ? ', initial' : '';
    lines.push(
      `${'  '.repeat(state.depth)}- **${state.path}**${kind}${initial}: ${state.description || '—'}`,
    );
    for (const invoke of state.invokes) lines.push(`${'  '.repeat(state.depth + 1)}- runs \`${invoke}\``);
  }
  lines.push('', '## Transitions', '', '| From | Event | Guard | To |', '|---|---|---|---|');
  for (const transition of model.transitions) {
    const to = transition.targets.length ? transition.targets.map(name).join(', ') : '(stays)';
    lines.push(`| ${name(transition.source)} | ${transition.label} | ${transition.guard ?? ''} | ${to} |`);
  }
  return `${lines.join('\n')}\n`;
}

export function downloadMarkdown(chart: Chart, model: ChartModel): void {
  downloadText(`${chart.name}.md`, chartMarkdown(chart, model));
}
