import type { PreflightCheck } from '@contract/planning';
import { button } from '@src/ui/button.css';
import * as table from '@src/ui/table.css';
import { Link } from 'react-router-dom';
import { usePlanningPreflight } from './usePlanningPreflight';
import * as css from './wizard.css';

const RESULT_LABELS: Record<PreflightCheck['result'], string> = {
  passed: 'Would take it',
  refused: 'Would refuse it',
  unavailable: 'Did not answer',
  not_connected: 'Not connected',
};

/**
 * Each platform's own verdict on the plan as the launch would send it, asked when the review opens (and
 * again on "Check again"); `refusals` are the reasons the last launch was refused, per platform.
 */
export function PreflightChecks({
  campaignId,
  platformName,
  refusals,
  load,
}: {
  campaignId: string;
  platformName: (key: string) => string;
  refusals: Record<string, string>;
  load?: (campaignId: string) => Promise<PreflightCheck[]>;
}) {
  const view = usePlanningPreflight(campaignId, load);
  const launchRefusals = Object.entries(refusals);
  return (
    <>
      <div className={css.preflightBar}>
        <p role="status" className={css.stepHint}>
          {view.phase === 'checking'
            ? 'Asking the platforms…'
            : view.phase === 'failed'
              ? view.errorMessage
              : view.summary}
        </p>
        <button type="button" className={button.secondary} onClick={view.recheck} disabled={!view.canRecheck}>
          Check again
        </button>
      </div>
      {view.checks.length + launchRefusals.length > 0 ? (
        <table className={table.table} aria-label="Platform checks" aria-busy={view.phase === 'checking'}>
          <thead>
            <tr>
              <th scope="col" className={table.th}>
                Platform
              </th>
              <th scope="col" className={table.th}>
                Check
              </th>
              <th scope="col" className={table.th}>
                Result
              </th>
            </tr>
          </thead>
          <tbody>
            {view.checks.map((check) => (
              <tr key={check.platform}>
                <td className={table.td}>{check.displayName}</td>
                <td className={table.td}>Pre-flight validation</td>
                <td className={`${table.td} ${check.result === 'passed' ? '' : css.inlineError}`}>
                  {RESULT_LABELS[check.result]}
                  {check.message ? `: ${check.message}` : ''}
                  {check.warnings && check.warnings.length > 0 ? (
                    <ul className={css.warnings} aria-label={`${check.displayName} warns`}>
                      {check.warnings.map((warning) => (
                        <li key={warning}>{warning}</li>
                      ))}
                    </ul>
                  ) : null}
                  {check.result === 'not_connected' ? (
                    <>
                      {' '}
                      <Link to="/platforms">
                        {check.connection === 'needs_reconnect' ? 'Reconnect' : 'Connect'} {check.displayName}
                      </Link>
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
            {launchRefusals.map(([key, reason]) => (
              <tr key={`${key}:refusal`}>
                <td className={table.td}>{platformName(key)}</td>
                <td className={table.td}>Last launch</td>
                <td className={`${table.td} ${css.inlineError}`}>Refused: {reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}
