import { getChart } from '@machines';
import { invitationAcceptanceOracle } from '@tooling/charts/oracles/invitationAcceptance';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('invitationAcceptance'), { oracle: invitationAcceptanceOracle });
