export const y = 2;
export default 'plain';
