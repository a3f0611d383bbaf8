// The live channel: socket.io on the app's server, the event journal and room membership (decision 020).
export { createRealtime, type Realtime } from './realtime.server';
