import './theme.css';
import './global.css';

export { vars } from './contract.css';
