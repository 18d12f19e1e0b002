import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('planningWizard'));
