import { getChart } from '@machines';
import { onboardingOracle } from '@tooling/charts/oracles/onboarding';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('onboarding'), { oracle: onboardingOracle });
