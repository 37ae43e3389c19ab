import { DeviceJar } from '@yanzhi/dev-support';

/** One jar for a bench process: its simulated devices are distinct by anonymous id. */
export const devices = new DeviceJar();
