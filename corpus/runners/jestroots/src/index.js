import { pad } from './format';
import en from './locale';

let current = en;

export default function tinydate(y, m, d) {
  return {
    format() {
      return current.order === 'dmy' || current.order === 'dym'
        ? pad(d) + current.sep + pad(m) + current.sep + y
        : y + current.sep + pad(m) + current.sep + pad(d);
    },
  };
}

tinydate.locale = function (l) {
  current = l;
  return tinydate;
};
