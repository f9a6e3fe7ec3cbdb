globalThis.SETUP_RAN = true;
