import { connectCreateCampaign, createCampaignMachine, initialObjectiveId } from '@machines/createCampaign';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';

const OBJECTIVES = [
  { id: 1, label: 'Awareness', icon: 'megaphone' },
  { id: 2, label: 'Traffic', icon: 'cursor' },
];

function start(objectives = OBJECTIVES) {
  const actor = createActor(
    createCampaignMachine.provide({ actors: { loadObjectives: fromPromise(async () => objectives) } }),
  );
  const emitted: unknown[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, emitted };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createCampaign', () => {
  it('preselects objective 1 and carries the chosen objective to the overview', async () => {
    const { actor, emitted } = start();
    await settled();
    expect(connectCreateCampaign(actor.getSnapshot(), actor.send).selectedObjectiveId).toBe(1);
    actor.send({ type: 'objective.select', objectiveId: 2 });
    actor.send({ type: 'modal.submit' });
    expect(emitted).toEqual([{ type: 'navigate', to: '/planning/wizard/new/overview?objective=2' }]);
  });

  it('ignores objectives that are not offered', async () => {
    const { actor } = start();
    await settled();
    actor.send({ type: 'objective.select', objectiveId: 42 });
    expect(actor.getSnapshot().context.selectedObjectiveId).toBe(1);
  });

  it('starts on the first objective when 1 is not offered', () => {
    expect(initialObjectiveId([{ id: 3, label: 'Engagement', icon: 'heart' }])).toBe(3);
  });

  it('Cancel asks to close the modal', async () => {
    const { actor, emitted } = start();
    await settled();
    actor.send({ type: 'modal.cancel' });
    expect(emitted).toEqual([{ type: 'modal.close' }]);
    expect(actor.getSnapshot().status).toBe('done');
  });
});
