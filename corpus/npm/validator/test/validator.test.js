'use strict';
// Workload for validator: string validators and sanitizers on valid and invalid inputs (mocha style).
const assert = require('assert');

// The library: as a dependency of this folder, or the unpacked release one level up.
const validator = (() => {
  try {
    return require('validator');
  } catch (e) {
    return require('..');
  }
})();

/** One test per validator: every `valid` input passes, every `invalid` one fails. */
function check(name, args, valid, invalid) {
  it(name + (args.length ? ' ' + JSON.stringify(args) : ''), function () {
    valid.forEach((s) => assert.strictEqual(validator[name](s, ...args), true, name + ' should accept ' + s));
    invalid.forEach((s) => assert.strictEqual(validator[name](s, ...args), false, name + ' should reject ' + s));
  });
}

describe('validator', function () {
  describe('validators', function () {
    check('isEmail', [], ['foo@bar.com', 'x@x.au', 'foo+bar@bar.com', 'hans.m端ller@test.com', 'test|123@m端ller.com',
      '"foobar"@example.com'],
    ['invalidemail@', 'invalid.com', '@invalid.com', 'foo@bar.com.', 'somename@ｇｍａｉｌ.com', 'foo@bar.co.uk.',
      'z@co.c', 'test@example.com\n', 'a..b@example.com']);
    check('isURL', [], ['foobar.com', 'www.foobar.com', 'http://www.foobar.com/', 'https://www.foobar.com/',
      'http://127.0.0.1/', 'http://user:pass@www.foobar.com/', 'http://www.foobar.com:23/',
      'http://foobar.com/?foo=bar#baz=qux', 'http://[2010:836B:4179::836B:4179]'],
    ['xyz://foobar.com', 'invalid/', 'invalid.x', 'http://www.foobar.com:0/', 'http://localhost:61500this is an invalid url!!!!',
      '', 'http://lol @foobar.com/', '.com']);
    check('isIP', [], ['127.0.0.1', '0.0.0.0', '255.255.255.255', '1.2.3.4', '::1', '2001:db8:0000:1:1:1:1:1',
      '::ffff:127.0.0.1', 'fe80::1234%1'], ['abc', '256.0.0.0', '0.0.0.256', '26.0.0.256', '::banana', '1.2.3']);
    check('isIP', [4], ['127.0.0.1', '0.0.0.0'], ['::1', '1.2.3.4.5']);
    check('isFQDN', [], ['domain.com', 'dom.plato', 'a.domain.co', 'foo--bar.com', 'xn--froschgrn-x9a.com'],
      ['abc', '256.0.0.0', '_.com', '*.some.com', 's!ome.com', 'domain.com/', '/more.com', 'domain.com�']);
    check('isAlpha', [], ['abc', 'ABC', 'FoObar'], ['abc1', '  foo  ', '', 'ÄBC']);
    check('isAlphanumeric', [], ['abc123', 'ABC11'], ['abc ', 'foo!!', 'ÄBC']);
    check('isNumeric', [], ['123', '00123', '-00123', '0', '-0', '+123', '123.123', '+000000'], [' ', '', '.', 'abc']);
    check('isInt', [], ['13', '123', '0', '-0', '+1', '01', '-01', '000'], ['100e10', '123.123', '   ', '']);
    check('isInt', [{ min: 10, max: 15 }], ['15', '12'], ['9', '16']);
    check('isFloat', [], ['123', '123.', '123.123', '-123.123', '-0.123', '+0.123', '0.123', '.0', '-.123',
      '01.123', '-0.22250738585072011e-307'], ['+', '-', '  ', '', '.', 'foo', '20.foo', '2020-01-06T14:31:00.135Z']);
    check('isDecimal', [], ['123', '00123', '-00123', '0', '-0', '+123', '0.01', '.1', '1.0', '-.25'], ['....', ' ', '', '-', '+', '.', '0.1a', 'a', '\n']);
    check('isHexadecimal', [], ['deadBEEF', 'ff0044', '0xff0044', '0XfF0044', '0x0123456789abcDEF'], ['abcdefg', '', '..', '0xa2h', '0x0123456789abcDEFq']);
    check('isHexColor', [], ['#ff0000ff', '#ff0034', '#CCCCCC', '0f38', 'fff', '#f00'], ['#ff', 'fff0a', '#ff12FG']);
    check('isRgbColor', [], ['rgb(0,0,0)', 'rgb(255,255,255)', 'rgba(0,0,0,0)', 'rgba(255,255,255,1)', 'rgb(5%,5%,5%)'],
      ['rgb(0,0,0,)', 'rgb(0,0,)', 'rgb(0,0,256)', 'rgb()', 'rgba(0,0,0)', 'rgba(255,255,255,2)']);
    check('isLowercase', [], ['abc', 'abc123', 'this is lowercase.', 'tr竪s 端ber'], ['fooBar', '123A']);
    check('isUppercase', [], ['ABC', 'ABC123', 'ALL CAPS IS FUN.', '   .'], ['fooBar', '123abc']);
    check('isUUID', [], ['A987FBC9-4BED-3078-CF07-9141BA07C9F3', '713ae7e3-cb32-45f9-adcb-7c4fa86b90c1',
      '625e63f3-58f5-40b7-83a1-a72ad31acffb'], ['', 'xxxA987FBC9-4BED-3078-CF07-9141BA07C9F3', 'A987FBC9-4BED-3078-CF07-9141BA07C9F3xxx',
      'A987FBC94BED3078CF079141BA07C9F3', '934859', '987FBC9-4BED-3078-CF07A-9141BA07C9F3', 'AAAAAAAA-1111-1111-AAAG-111111111111']);
    check('isMD5', [], ['d94f3f016ae679c3008de268209132f2', '751adbc511ccbe8edf23d486fa4581cd'], ['KYT0bf1c35032a71a14c2f719e5a14c1', 'q94375dj93458w34', '39485729348']);
    check('isJSON', [], ['{ "key": "value" }', '{}', '[]', '[1, 2]'], ['{ key: "value" }', "{ 'key': 'value' }", 'null', '1234', '"nope"']);
    check('isBase64', [], ['', 'Zg==', 'Zm8=', 'Zm9v', 'Zm9vYg==', 'Zm9vYmE=', 'Zm9vYmFy', 'dGVzdA=='], ['12345', 'Zg=', 'Zm9vYmFy====', 'Vml2YW11cyBmZXJtZtesting123']);
    check('isCreditCard', [], ['375556917985515', '36050234196908', '4716461583322103', '4716-2210-5188-5662', '4929 7226 5379 7141', '5398228707871527'],
      ['foo', 'foo', '5398228707871528', '2718760626256571', '4721465151855']);
    check('isISBN', [], ['3836221195', '3-8362-2119-5', '3 8362 2119 5', '9783836221191', '978-3-8362-2119-1'], ['3423214121', '3-423-21412-1', '9783836221190', '978-3-8362-2119-0']);
    check('isPort', [], ['0', '22', '80', '443', '3000', '8080', '65535'], ['', '-1', '65536', '0080']);
    check('isMACAddress', [], ['ab:ab:ab:ab:ab:ab', 'FF:FF:FF:FF:FF:FF', '01:02:03:04:05:ab', '01-02-03-04-05-ab'], ['abc', '01:02:03:04:05', '01:02:03:04::ab', '1:2:3:4:5:6']);
    check('isSemVer', [], ['0.0.4', '1.2.3', '10.20.30', '1.1.2-prerelease+meta', '1.0.0-alpha.beta.1', '2.0.0-rc.1+build.123'],
      ['1', '1.2', '1.2.3-0123', '01.1.1', '1.2.3.DEV', '+invalid']);
    check('isDate', [], ['2020/02/29', '2019-12-31', new Date()], ['2019/02/29', '2020/13/01', '15-2-2020', 'abc']);
    check('isISO8601', [], ['2009-12T12:34', '2009', '2009-05-19', '2009-05-19T14:39Z', '2010-02-18T16:23:48.5', '2009-12-31T23:59:59.999+01:00'],
      ['200905', '2009367', '2009-', '2007-04-05T24:50', '2009-05-19 14a39r', '2010-02-18T16:23.33.600']);
    check('isPostalCode', ['US'], ['19929', '98765-4321'], ['1992', '1234567']);
    check('isMobilePhone', ['en-US'], ['19876543210', '8005552222', '+15673628910'], ['564785', '0123456789', '1437439210', '+10345672645']);
    check('isStrongPassword', [], ['abc123!@f#rA', 'abCD1234$', 'Aa1!Aa1!'], ['abc', 'abcdefgh', 'ABCDEFGH1', 'abcdEFGH']);
    check('isSlug', [], ['foo', 'foo-bar', 'foo_bar', 'foo-bar-foo', 'foo-bar_foo'], ['not-----------slug', '@#_$@', '-not-slug', 'not-slug-']);
    check('isLatLong', [], ['(-17.738223, 85.605469)', '+90.0, -127.554334', '45, 180', '-90, -180'], ['(020.000000, 010.000000000)', '+90.1, -127.554334', '(-17.738223, 285.605469)']);
    check('isEAN', [], ['9421023610112', '73513537'], ['5901234123451', '079777681629']);
    check('isJWT', [], ['eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c'],
      ['eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9', '$Zs.ewu.su84', 'ks64$S/9.dy$§kz.3sd73b']);
    check('contains', ['foo'], ['foo', 'foobar', 'bazfoo'], ['bar', 'fobar']);
    check('equals', ['abc'], ['abc'], ['Abc', '123']);
    check('isIn', [['foo', 'bar']], ['foo', 'bar'], ['foobar', 'barfoo', '']);
    check('isLength', [{ min: 2, max: 3 }], ['abc', 'de', '干𩸽'], ['', 'a', 'abcd', '干𩸽𩸽𩸽']);
    check('matches', [/abc/], ['abc', 'abcdef', '123abc'], ['acb', 'Abc']);
  });

  describe('sanitizers', function () {
    it('escapes and unescapes HTML', function () {
      assert.strictEqual(validator.escape('<script> alert("xss&fun"); </script>'), '&lt;script&gt; alert(&quot;xss&amp;fun&quot;); &lt;&#x2F;script&gt;');
      assert.strictEqual(validator.unescape('&lt;script&gt; alert(&quot;xss&amp;fun&quot;); &lt;&#x2F;script&gt;'), '<script> alert("xss&fun"); </script>');
    });
    it('trims', function () {
      assert.strictEqual(validator.trim('  \r\n\tfoo  \r\n\t   '), 'foo');
      assert.strictEqual(validator.ltrim('  foo'), 'foo');
      assert.strictEqual(validator.rtrim('xxfooxx', 'x'), 'xxfoo');
    });
    it('converts types', function () {
      assert.strictEqual(validator.toInt('123'), 123);
      assert.strictEqual(validator.toInt('ff', 16), 255);
      assert.strictEqual(validator.toFloat('2.5'), 2.5);
      assert.ok(Number.isNaN(validator.toFloat('abc')));
      assert.strictEqual(validator.toBoolean('0'), false);
      assert.strictEqual(validator.toBoolean('true', true), true);
      assert.strictEqual(validator.toBoolean('yes', true), false);
      assert.strictEqual(validator.toDate('2020-01-02').getTime(), Date.UTC(2020, 0, 2));
    });
    it('normalizes emails', function () {
      assert.strictEqual(validator.normalizeEmail('Some.One+Tag@GMail.com'), 'someone@gmail.com');
      assert.strictEqual(validator.normalizeEmail('foo@Example.COM'), 'foo@example.com');
    });
    it('filters characters', function () {
      assert.strictEqual(validator.blacklist('I like cats', 'a-z'), 'I  ');
      assert.strictEqual(validator.whitelist('abcdef123', 'a-c'), 'abc');
      assert.strictEqual(validator.stripLow('foo\x0A\x0D', true), 'foo\n\r');
    });
  });

  describe('bulk', function () {
    it('validates a generated batch of form submissions', function () {
      let ok = 0;
      for (let i = 0; i < 400; i++) {
        const email = 'user' + i + (i % 7 === 0 ? '@@' : '@') + 'example' + (i % 5) + '.com';
        const url = (i % 3 === 0 ? 'http://' : 'https://') + 'site' + i + '.org/path?q=' + i;
        const zip = String(10000 + i * 37);
        if (validator.isEmail(email) && validator.isURL(url) && validator.isPostalCode(zip, 'US')) ok++;
      }
      assert.ok(ok > 300);
    });
  });
});
