// The booking forms' public surface: other features import from here, never from its files.
export { BookingForm, type BookingKind } from './BookingForm';
export { TransferForm } from './TransferForm';
