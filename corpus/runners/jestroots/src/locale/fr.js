import tinydate from 'tinydate';

const fr = { name: 'fr', order: 'dmy', sep: '/' };
tinydate.locale(fr);
export default fr;
