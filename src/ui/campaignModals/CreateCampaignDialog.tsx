import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import {
  connectCreateCampaign,
  createCampaignMachine,
  type ObjectiveOption,
  OVERVIEW_PATH,
} from '@machines/createCampaign';
import { dataProvider } from '@src/api/dataProvider';
import { useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { AlertRegion } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import * as dialogCss from '../../ui/dialog.css';
import { useActorRef } from '../actorRef';
import * as css from './createCampaign.css';
import { ObjectiveIcon } from './ObjectiveIcon';

export const CREATE_CAMPAIGN_MODAL = 'create-campaign';

const machine = createCampaignMachine.provide({
  actors: {
    loadObjectives: fromPromise<ObjectiveOption[]>(async () => {
      // Parsed by the objectives schema inside the data provider.
      const { data } = await dataProvider.getList({
        resource: 'objectives',
        pagination: { current: 1, pageSize: 100 },
      });
      return data;
    }),
  },
});

function CreateCampaignBody({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const actorRef = useActorRef(machine);
  const view = useSelector(actorRef, (snapshot) => connectCreateCampaign(snapshot, actorRef.send));
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const closed = actorRef.on('modal.close', () => onCloseRef.current());
    const navigated = actorRef.on('navigate', ({ to }) => navigate(to));
    return () => {
      closed.unsubscribe();
      navigated.unsubscribe();
    };
  }, [actorRef, navigate]);

  const { cancel } = view;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    view.submit();
  };

  return (
    <Dialog.Root
      open
      onOpenChange={(details) => {
        if (!details.open) cancel();
      }}
    >
      <Portal>
        <Dialog.Backdrop className={dialogCss.backdrop} />
        <Dialog.Positioner className={dialogCss.positioner}>
          <Dialog.Content className={dialogCss.dialog}>
            {/* A GET form: the chosen objective travels as ?objective=N to the planning overview. */}
            <form method="get" action={OVERVIEW_PATH} className={dialogCss.dialogBody} onSubmit={onSubmit}>
              <Dialog.Title className={dialogCss.dialogTitle}>Create campaign</Dialog.Title>
              {view.phase === 'loading' ? <p className={dialogCss.dialogText}>Loading…</p> : null}
              {view.phase === 'loadFailed' ? <AlertRegion message={view.loadError} /> : null}
              {view.phase === 'choosing' ? (
                <fieldset className={css.cards}>
                  <legend className={dialogCss.dialogText}>What should this campaign achieve?</legend>
                  {view.objectives.map((objective) => (
                    <label
                      key={objective.id}
                      className={objective.isSelected ? `${css.card} ${css.cardSelected}` : css.card}
                    >
                      <input
                        className={css.radio}
                        type="radio"
                        name="objective"
                        value={objective.id}
                        checked={objective.isSelected}
                        onChange={() => view.selectObjective(objective.id)}
                      />
                      <ObjectiveIcon name={objective.icon} className={css.icon} />
                      {objective.label}
                    </label>
                  ))}
                </fieldset>
              ) : null}
              <div className={dialogCss.dialogFooter}>
                <Button variant="secondary" onClick={cancel}>
                  Cancel
                </Button>
                {view.phase === 'loadFailed' ? (
                  <Button variant="primary" onClick={view.retry}>
                    Try again
                  </Button>
                ) : (
                  <Button type="submit" variant="primary" disabled={!view.canSubmit}>
                    Create campaign
                  </Button>
                )}
              </div>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The create-campaign modal: open while `?modal=create-campaign` is present; closing removes it. */
export function CreateCampaignModal() {
  const [searchParams, setSearchParams] = useSearchParams();
  if (searchParams.get('modal') !== CREATE_CAMPAIGN_MODAL) return null;
  const close = () =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('modal');
        return next;
      },
      { replace: true },
    );
  return <CreateCampaignBody onClose={close} />;
}
