/** The camera scan button, also used where counted goods are found by their code (count sessions). */
export { CameraScan } from './CameraScan';
