/** The GTIN check-digit rules live in @lager/contract: the labels in the web app print by the same rule. */
export { barcodeIsValid } from '@lager/contract';
