import { CURRENCIES } from '@contract/reference';
import {
  type Currency,
  connectPlanningOverview,
  type PlanningOverviewMachine,
} from '@machines/planning/planningOverview';
import * as objectiveCss from '@src/ui/campaignModals/createCampaign.css';
import { ObjectiveIcon } from '@src/ui/campaignModals/ObjectiveIcon';
import * as formCss from '@src/ui/form.css';
import { FormField, FormSelect } from '@src/ui/records/FormField';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { StepCard } from './StepCard';
import type { WizardData } from './WizardView';
import * as css from './wizard.css';

/** Step 1: name, objective (cards, as in "Create campaign"), customer and currency. */
export function OverviewStep({
  actor,
  data,
}: {
  actor: ActorRefFrom<PlanningOverviewMachine>;
  data: WizardData;
}) {
  const view = useSelector(actor, (snapshot) => connectPlanningOverview(snapshot, actor.send));
  const { values, errors, readOnly } = view;
  return (
    <StepCard
      id="overview"
      title="Overview"
      description="What the campaign is called, what it should achieve and who it is for."
    >
      <div className={formCss.form}>
        <FormField
          id="plan-name"
          label="Campaign name"
          value={values.name}
          onChange={(event) => view.changeName(event.currentTarget.value)}
          error={errors.name}
          maxLength={200}
          autoComplete="off"
          readOnly={readOnly}
        />
        <fieldset className={formCss.fieldset} disabled={readOnly}>
          <legend className={formCss.legend}>Objective</legend>
          <div className={css.objectiveCards}>
            {data.objectives.map((objective) => {
              const selected = objective.id === values.objectiveId;
              return (
                <label
                  key={objective.id}
                  className={
                    selected ? `${objectiveCss.card} ${objectiveCss.cardSelected}` : objectiveCss.card
                  }
                >
                  <input
                    type="radio"
                    className={objectiveCss.radio}
                    name="objective"
                    value={objective.id}
                    checked={selected}
                    onChange={() => view.selectObjective(objective.id)}
                  />
                  <ObjectiveIcon name={objective.icon} className={objectiveCss.icon} />
                  {objective.label}
                </label>
              );
            })}
          </div>
          {errors.objectiveId ? <p className={formCss.fieldError}>{errors.objectiveId}</p> : null}
        </fieldset>
        <div className={formCss.formGrid}>
          <FormSelect
            id="plan-customer"
            label="Customer"
            value={values.customerId}
            onChange={(event) => view.changeCustomer(event.currentTarget.value)}
            error={errors.customerId}
            disabled={readOnly}
            hint="A plan can be drafted before the customer is chosen, not launched."
          >
            <option value="">No customer yet</option>
            {data.customers.map((customer) => (
              <option key={customer.id} value={customer.id}>
                {customer.name}
              </option>
            ))}
          </FormSelect>
          <FormSelect
            id="plan-currency"
            label="Currency"
            value={values.currency}
            onChange={(event) => view.changeCurrency(event.currentTarget.value as Currency)}
            error={errors.currency}
            disabled={readOnly}
          >
            {CURRENCIES.map((currency) => (
              <option key={currency} value={currency}>
                {currency}
              </option>
            ))}
          </FormSelect>
        </div>
      </div>
    </StepCard>
  );
}
