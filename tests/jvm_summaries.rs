//! Summaries of JDK methods computed from the running JDK's own class files: what a method does
//! with a reference it receives.

use graph::flow::CallEffect;
use jvm_bytecode::invoke::CallRef;
use jvm_profile::summary::{Dispatch, Library, Summaries};

fn jdk() -> Summaries {
    Summaries::new(Library::jdk(&[]).expect("the JDK's classes are readable"))
}

fn call(owner: &str, name: &str, desc: &str) -> CallRef {
    CallRef {
        owner: owner.into(),
        name: name.into(),
        desc: desc.into(),
    }
}

fn exact(s: &mut Summaries, owner: &str, name: &str, desc: &str, param: usize) -> CallEffect {
    s.effect(&call(owner, name, desc), param, &Dispatch::Exact)
        .expect("a summary")
}

#[test]
fn hashing_and_printing_use_the_object() {
    let mut s = jdk();
    let put = "(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;";
    let key = exact(&mut s, "java/util/HashMap", "put", put, 1);
    assert!(key.used, "the key is hashed: {key:?}");
    let value = exact(&mut s, "java/util/HashMap", "put", put, 2);
    assert!(
        !value.used && value.stored,
        "the value is only stored: {value:?}"
    );
    let shown = exact(
        &mut s,
        "java/lang/String",
        "valueOf",
        "(Ljava/lang/Object;)Ljava/lang/String;",
        0,
    );
    assert!(shown.used, "toString is called: {shown:?}");
}

#[test]
fn a_list_stores_what_it_is_given_without_using_it() {
    let mut s = jdk();
    let add = exact(
        &mut s,
        "java/util/ArrayList",
        "add",
        "(Ljava/lang/Object;)Z",
        1,
    );
    assert_eq!(
        add,
        CallEffect {
            stored: true,
            ..CallEffect::default()
        }
    );
}

#[test]
fn null_checks_ignore_the_object_and_returned_arguments_are_followed() {
    let mut s = jdk();
    let is_null = exact(
        &mut s,
        "java/util/Objects",
        "isNull",
        "(Ljava/lang/Object;)Z",
        0,
    );
    assert_eq!(is_null, CallEffect::default(), "a null check is no use");
    let rnn = exact(
        &mut s,
        "java/util/Objects",
        "requireNonNull",
        "(Ljava/lang/Object;)Ljava/lang/Object;",
        0,
    );
    assert!(rnn.returned && !rnn.used, "{rnn:?}");
    let native = exact(
        &mut s,
        "java/lang/System",
        "identityHashCode",
        "(Ljava/lang/Object;)I",
        0,
    );
    assert!(native.unknown && !native.used, "native code: {native:?}");
}

#[test]
fn virtual_calls_trust_only_uses_unless_the_receiver_class_is_known() {
    let mut s = jdk();
    let add = call("java/util/List", "add", "(Ljava/lang/Object;)Z");
    let open = s
        .effect(&add, 1, &Dispatch::Virtual { receiver: None })
        .map(|e| e.hides_use() || e.used);
    assert_ne!(open, Some(false), "an interface call is never 'ignored'");
    let known = s
        .effect(
            &add,
            1,
            &Dispatch::Virtual {
                receiver: Some("java/util/ArrayList".into()),
            },
        )
        .expect("ArrayList.add");
    assert!(known.stored && !known.unknown, "{known:?}");
    assert_eq!(
        s.effect(
            &call("com/example/Missing", "m", "(Ljava/lang/Object;)V"),
            1,
            &Dispatch::Exact
        ),
        None,
        "no class file: no summary"
    );
}
