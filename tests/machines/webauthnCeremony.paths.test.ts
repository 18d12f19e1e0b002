import { getChart } from '@machines';
import { webauthnCeremonyOracle } from '@tooling/charts/oracles/webauthnCeremony';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('webauthnCeremony'), { oracle: webauthnCeremonyOracle });
