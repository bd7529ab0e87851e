// The movements feature's public surface: other features import from here, never from its files.
export { MovementJournal } from './MovementJournal';
export { ReverseButton } from './ReverseButton';
