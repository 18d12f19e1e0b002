import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { planningWizardOracle } from './oracles/planningWizard';

describePathTests(getChart('planningWizard'), { oracle: planningWizardOracle });
