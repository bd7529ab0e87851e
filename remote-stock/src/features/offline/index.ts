/** Quick booking without a connection (offline spec §2-3): article index, outbox and its sender. */
export { OutboxPanel } from './OutboxPanel';
export { useOutbox } from './use-outbox';
