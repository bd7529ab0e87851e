export { StockHistory } from './StockHistory';
