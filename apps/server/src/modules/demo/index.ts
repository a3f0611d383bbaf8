// The demo: a few facilities wired to the simulator, started when DEMO is on.
export { type Demo, startDemo } from './demo';
export { DEMO_USERS } from './demo-data';
