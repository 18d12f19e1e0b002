import { getChart } from '@machines';
import { planningReviewOracle } from '@tooling/charts/oracles/planningReview';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('planningReview'), { oracle: planningReviewOracle });
