import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { planningReviewOracle } from './oracles/planningReview';

describePathTests(getChart('planningReview'), { oracle: planningReviewOracle });
