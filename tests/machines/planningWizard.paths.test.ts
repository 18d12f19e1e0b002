import { getChart } from '@machines';
import { planningWizardOracle } from '@tooling/charts/oracles/planningWizard';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('planningWizard'), { oracle: planningWizardOracle });
