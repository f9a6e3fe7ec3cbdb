// an ES module that imports a built-in the embedded engine cannot have
import http2 from 'node:http2';

export const connect = (url) => http2.connect(url);
