export { demoSignIns, runDemo, DEMO_DEFAULTS, type DemoOptions } from './run-demo.js';
export { DEMO_USERS } from './demo-setup.js';
