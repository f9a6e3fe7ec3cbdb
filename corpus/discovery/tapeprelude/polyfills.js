// a prelude for a second run of the same files
