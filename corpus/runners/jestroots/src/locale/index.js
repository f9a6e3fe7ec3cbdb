export default { name: 'en', order: 'ymd', sep: '-' };
