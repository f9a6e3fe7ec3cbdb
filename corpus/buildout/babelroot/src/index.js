import shipping from './lib/shipping';
import isVip from './lib/isVip';

export { shipping, isVip };
