import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** A real workload for hsqldb: an in-memory database with inserts, updates and queries. */
public class HsqlWorkload {
    public static void main(String[] args) throws SQLException {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        try (Connection c = DriverManager.getConnection("jdbc:hsqldb:mem:decisionprof", "SA", "")) {
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TABLE item (id INT PRIMARY KEY, name VARCHAR(40), qty INT, price DECIMAL(10,2))");
            }
            try (PreparedStatement p = c.prepareStatement("INSERT INTO item VALUES (?, ?, ?, ?)")) {
                for (int i = 0; i < n; i++) {
                    p.setInt(1, i);
                    p.setString(2, "item-" + (i % 97));
                    p.setInt(3, i % 13);
                    p.setBigDecimal(4, new java.math.BigDecimal(i % 50).movePointLeft(1));
                    p.executeUpdate();
                }
            }
            try (PreparedStatement p = c.prepareStatement("UPDATE item SET qty = qty + 1 WHERE id = ?")) {
                for (int i = 0; i < n; i += 3) {
                    p.setInt(1, i);
                    p.executeUpdate();
                }
            }
            try (Statement s = c.createStatement();
                    ResultSet r = s.executeQuery(
                            "SELECT name, COUNT(*), SUM(qty), MAX(price) FROM item GROUP BY name ORDER BY name LIMIT 5")) {
                while (r.next()) {
                    System.out.println(r.getString(1) + " " + r.getInt(2) + " " + r.getInt(3) + " " + r.getBigDecimal(4));
                }
            }
            try (PreparedStatement p = c.prepareStatement("SELECT SUM(qty) FROM item WHERE id < ?")) {
                long total = 0;
                for (int i = 0; i < n; i += n / 10 + 1) {
                    p.setInt(1, i);
                    try (ResultSet r = p.executeQuery()) {
                        r.next();
                        total += r.getLong(1);
                    }
                }
                System.out.println("total " + total);
            }
            try (Statement s = c.createStatement()) {
                s.execute("SHUTDOWN");
            }
        }
    }
}
