// a re-export of a name the module does not have (a typo)
export { helpr } from './helper.js';
