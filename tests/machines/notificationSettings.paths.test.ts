import { getChart } from '@machines';
import { notificationSettingsOracle } from '@tooling/charts/oracles/notificationSettings';
import { describePathTests } from '../paths/pathTests';

describePathTests(getChart('notificationSettings'), { oracle: notificationSettingsOracle });
