import { getChart } from '../../machines';
import { describePathTests } from '../paths/pathTests';
import { webauthnCeremonyOracle } from './oracles/webauthnCeremony';

describePathTests(getChart('webauthnCeremony'), { oracle: webauthnCeremonyOracle });
