if (typeof test === 'undefined') require('../test');

test('parse', function () {
  test.areEqual(12, Num.parse('12'));
  test.areEqual(-3, Num.parse('-3'));
  test.areEqual(7, Num.parse('+7'));
  for (var i = 0; i < 50; i++) test.areEqual(i, Num.parse(String(i)));
});
