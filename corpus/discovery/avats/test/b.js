import test from 'ava';
test('js is not an extension here', t => t.fail());
