package dev.apex.mcp;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;

/**
 * An in-memory pipe between two threads (a client and an {@link ApexMcpServer} in one JVM: {@link
 * InProcessSession}): bytes written to {@link #sink()} are read from {@link #source()} in order;
 * closing the sink is the reader's end of input. Unlike {@link java.io.PipedInputStream} it does
 * not care which threads write (the SDK writes from short-lived Reactor threads, which {@code
 * PipedInputStream} takes for a dead writer) and never blocks a writer: it buffers up to {@link
 * #CAPACITY} bytes and fails a writer past that, so a reader that stopped reading fails its writer
 * instead of hanging it.
 */
final class Pipe {

  /** The most bytes held unread: far over anything one session exchanges. */
  static final int CAPACITY = 64 * 1024 * 1024;

  private final Object lock = new Object();
  private byte[] buffer = new byte[1 << 16];
  private int start;
  private int end;
  private boolean closed;

  private final InputStream source =
      new InputStream() {
        @Override
        public int read() throws IOException {
          byte[] one = new byte[1];
          int n = read(one, 0, 1);
          return n < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
          if (len == 0) {
            return 0;
          }
          synchronized (lock) {
            while (start == end && !closed) {
              try {
                lock.wait();
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while reading a pipe");
              }
            }
            if (start == end) {
              return -1;
            }
            int n = Math.min(len, end - start);
            System.arraycopy(buffer, start, b, off, n);
            start += n;
            return n;
          }
        }

        @Override
        public int available() {
          synchronized (lock) {
            return end - start;
          }
        }

        @Override
        public void close() {
          Pipe.this.close();
        }
      };

  private final OutputStream sink =
      new OutputStream() {
        @Override
        public void write(int b) throws IOException {
          write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
          synchronized (lock) {
            if (closed) {
              throw new IOException("the pipe is closed");
            }
            if (end - start + len > CAPACITY) {
              throw new IOException("the pipe holds over " + CAPACITY + " unread bytes");
            }
            if (end + len > buffer.length) {
              int unread = end - start;
              byte[] bigger = unread + len > buffer.length ? new byte[(unread + len) * 2] : buffer;
              System.arraycopy(buffer, start, bigger, 0, unread);
              buffer = bigger;
              start = 0;
              end = unread;
            }
            System.arraycopy(b, off, buffer, end, len);
            end += len;
            lock.notifyAll();
          }
        }

        @Override
        public void close() {
          Pipe.this.close();
        }
      };

  InputStream source() {
    return source;
  }

  OutputStream sink() {
    return sink;
  }

  /** Ends the input: the reader gets what is left, then -1. */
  void close() {
    synchronized (lock) {
      closed = true;
      lock.notifyAll();
    }
  }
}
