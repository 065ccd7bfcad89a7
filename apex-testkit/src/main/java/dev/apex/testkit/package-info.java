/**
 * The test kit: fakes that record (a fake clock, a recording sleeper, fake devices and servers that
 * speak real wire protocols on loopback), the shared {@code Device} contract suite, and the lookup
 * of the shared real-device test data. Users may depend on it to test their own drivers and tools.
 */
package dev.apex.testkit;
