import { getChart } from '@machines';
import { pacingSuggestionOracle } from '@tooling/charts/oracles/pacingSuggestion';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('pacingSuggestion'), { oracle: pacingSuggestionOracle });
