// The stock navigation's public surface: other features import from here, never from its files.
export { StockNav } from './StockNav';
