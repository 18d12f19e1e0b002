import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { onboardingOracle } from './oracles/onboarding';

describePathTests(getChart('onboarding'), { oracle: onboardingOracle });
