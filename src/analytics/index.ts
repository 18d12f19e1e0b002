export { DEVICE_ID_COOKIE, getDeviceId } from './deviceId';
export { group, identify, sendAnalyticsEvent, trackPage } from './events';
