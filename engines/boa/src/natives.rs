//! Native helpers behind Node built-ins written in `js/node/` (url, crypto, zlib): WHATWG URL parsing
//! (`url` crate), hash digests (RustCrypto `sha1`/`sha2`/`md-5`) and zlib streams (`flate2`).
//! Bytes cross the boundary as binary strings (one char per byte, U+0000–U+00FF).

use std::io::{Read, Write};

use boa_engine::object::ObjectInitializer;
use boa_engine::property::Attribute;
use boa_engine::{Context, JsError, JsNativeError, JsResult, JsString, JsValue};
use sha2::Digest;

/// Argument `i` as a Rust string (`undefined` when missing).
pub(crate) fn arg(args: &[JsValue], i: usize, ctx: &mut Context) -> JsResult<String> {
    let v = args.get(i).cloned().unwrap_or_default();
    Ok(v.to_string(ctx)?.to_std_string_escaped())
}

/// A binary string (char codes 0–255) as bytes.
fn bytes_of(s: &str) -> Vec<u8> {
    s.chars().map(|c| c as u32 as u8).collect()
}

/// Bytes as a binary string.
fn binary(bytes: &[u8]) -> JsValue {
    let s: String = bytes.iter().map(|&b| b as char).collect();
    JsString::from(s.as_str()).into()
}

fn type_error(msg: String) -> JsError {
    JsNativeError::typ().with_message(msg).into()
}

/// `urlParse(input, base?)`: the parts of a WHATWG URL, or a TypeError `Invalid URL`.
pub(crate) fn url_parse(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let input = arg(args, 0, ctx)?;
    let base = match args.get(1) {
        Some(v) if !v.is_undefined() && !v.is_null() => {
            Some(v.to_string(ctx)?.to_std_string_escaped())
        }
        _ => None,
    };
    let parsed = match &base {
        Some(b) => url::Url::parse(b).and_then(|b| b.join(&input)),
        None => url::Url::parse(&input),
    };
    let u = parsed.map_err(|_| type_error(format!("Invalid URL: {input}")))?;
    let port = u.port().map(|p| p.to_string()).unwrap_or_default();
    let parts = [
        ("href", u.as_str().to_string()),
        ("protocol", format!("{}:", u.scheme())),
        ("username", u.username().to_string()),
        ("password", u.password().unwrap_or("").to_string()),
        ("hostname", u.host_str().unwrap_or("").to_string()),
        ("port", port),
        ("pathname", u.path().to_string()),
        (
            "search",
            u.query().map(|q| format!("?{q}")).unwrap_or_default(),
        ),
        (
            "hash",
            u.fragment().map(|f| format!("#{f}")).unwrap_or_default(),
        ),
        ("origin", u.origin().ascii_serialization()),
    ];
    let mut init = ObjectInitializer::new(ctx);
    for (k, v) in parts {
        init.property(
            JsString::from(k),
            JsString::from(v.as_str()),
            Attribute::all(),
        );
    }
    Ok(init.build().into())
}

/// `hash(algorithm, data)`: the digest of a binary string, as a binary string.
pub(crate) fn hash(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let alg = arg(args, 0, ctx)?.to_ascii_lowercase();
    let data = bytes_of(&arg(args, 1, ctx)?);
    let out: Vec<u8> = match alg.as_str() {
        "md5" => md5::Md5::digest(&data).to_vec(),
        "sha1" => sha1::Sha1::digest(&data).to_vec(),
        "sha224" => sha2::Sha224::digest(&data).to_vec(),
        "sha256" => sha2::Sha256::digest(&data).to_vec(),
        "sha384" => sha2::Sha384::digest(&data).to_vec(),
        "sha512" => sha2::Sha512::digest(&data).to_vec(),
        _ => return Err(type_error(format!("Digest method not supported: {alg}"))),
    };
    Ok(binary(&out))
}

/// `zlib(operation, data)`: deflate, inflate, deflateRaw, inflateRaw, gzip or gunzip of a binary
/// string; a corrupt input throws with zlib's message.
pub(crate) fn zlib(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    use flate2::{read, write, Compression};
    let op = arg(args, 0, ctx)?;
    let data = bytes_of(&arg(args, 1, ctx)?);
    let level = Compression::default();
    let mut out = Vec::new();
    let result = match op.as_str() {
        "deflate" => {
            let mut e = write::ZlibEncoder::new(Vec::new(), level);
            e.write_all(&data).and_then(|_| e.finish()).map(|v| out = v)
        }
        "deflateRaw" => {
            let mut e = write::DeflateEncoder::new(Vec::new(), level);
            e.write_all(&data).and_then(|_| e.finish()).map(|v| out = v)
        }
        "gzip" => {
            let mut e = write::GzEncoder::new(Vec::new(), level);
            e.write_all(&data).and_then(|_| e.finish()).map(|v| out = v)
        }
        "inflate" => read::ZlibDecoder::new(&data[..])
            .read_to_end(&mut out)
            .map(|_| ()),
        "inflateRaw" => read::DeflateDecoder::new(&data[..])
            .read_to_end(&mut out)
            .map(|_| ()),
        "gunzip" => read::GzDecoder::new(&data[..])
            .read_to_end(&mut out)
            .map(|_| ()),
        _ => return Err(type_error(format!("zlib operation not supported: {op}"))),
    };
    result.map_err(|e| {
        JsError::from(JsNativeError::error().with_message(format!("zlib {op}: {e}")))
    })?;
    Ok(binary(&out))
}

/// The native functions this module adds to the host object.
pub(crate) const NATIVES: [(
    &str,
    boa_engine::native_function::NativeFunctionPointer,
    usize,
); 3] = [
    ("urlParse", url_parse, 2),
    ("hash", hash, 2),
    ("zlib", zlib, 2),
];
