-- Statements a data engineer writes in SQL Lab, run on DuckDB before and after Format.
-- Tables: customers, orders and events, made by format.corpus.test.ts. One statement per block.
-- @@
select id, name from customers order by id
-- @@
SELECT c.name, count(*) AS n, sum(o.amount) AS total
FROM customers c JOIN orders o ON o.customer_id = c.id
GROUP BY c.name HAVING count(*) > 1 ORDER BY total DESC, c.name
-- @@
with big as (select * from orders where amount > 20),
     per_customer as (select customer_id, count(*) n from big group by all)
select c.name, p.n from per_customer p join customers c on c.id = p.customer_id order by 1
-- @@
select 'a'
' - b' as joined
-- @@
select 'first part, '
       'second part, '
       'third part' as three_lines, 1 as x
-- @@
select 'a' -- the first half
' - b' as joined_with_comment
-- @@
select 'it''s' as quote_doubled, '' as empty_string, '--not a comment' as dashes, '/* nor this */' as slashes
-- @@
select 'line one
line two
  indented line three' as multi_line
-- @@
select E'tab\there' as tab, E'it\'s' as escaped_quote, e'back\\slash' as backslash
-- @@
select $$dollar 'quoted' text$$ as d1, $tag$with $$ inside$tag$ as d2
-- @@
select amount::integer as i, amount::varchar as s, cast(amount as decimal(10, 2)) as d, '42'::int + 1 as n from orders order by id
-- @@
select id, amount,
  row_number() over (partition by customer_id order by amount desc) as rn,
  sum(amount) over (order by id rows between 1 preceding and current row) as moving,
  lag(amount, 1, 0) over w as previous_amount
from orders window w as (order by id) order by id
-- @@
select customer_id, amount from orders qualify row_number() over (partition by customer_id order by amount desc) = 1 order by customer_id
-- @@
pivot (select customer_id, status, amount from orders) on status using sum(amount) order by customer_id
-- @@
unpivot (select 1 as id, 10 as jan, 20 as feb) on jan, feb into name month value total order by month
-- @@
select list_transform([1, 2, 3], x -> x * 10) as arrow_lambda, list_filter([1, 2, 3, 4], x -> x % 2 = 0) as evens
-- @@
select list_transform([1, 2, 3], lambda x: x + 1) as python_lambda
-- @@
select [1, 2, 3][2] as second, [1, 2, 3, 4][2:3] as slice, {'a': 1, 'b': 'two'} as struct_value, {'a': 1}.a as field
-- @@
select map {'k': 1, 'v': 2} as m, [x * 2 for x in [1, 2, 3]] as comprehension
-- @@
select "Weird ""Name""", "select" from (select 1 as "Weird ""Name""", 2 as "select")
-- @@
select id /* the key */, -- trailing comment
  name /* nested /* comment */ still comment */
from customers -- end
order by id
-- @@
/* leading block comment */
select 1 as one
-- @@
select * from (select * from (select id, amount from orders where amount > (select avg(amount) from orders)) t where id > 1) u order by id
-- @@
select name from customers where id in (select customer_id from orders where status = 'paid') and exists (select 1 from events e where e.customer_id = customers.id) order by name
-- @@
select case when amount > 50 then 'big' when amount > 20 then 'medium' else 'small' end as size, count(*) from orders group by 1 order by 1
-- @@
select coalesce(null, 'x') as c, nullif(1, 1) as n, greatest(1, 5, 3) as g, 7 // 2 as int_div, 2 ** 3 as power, 7 % 3 as modulo, 'a' || 'b' as concat
-- @@
select * exclude (name) from customers order by id
-- @@
select * replace (upper(name) as name) from customers order by id
-- @@
select columns('amo.*') from orders order by id
-- @@
from orders select id, amount where amount < 30 order by id
-- @@
select customer_id, max(amount) from orders group by all order by all
-- @@
select date '2024-01-31' + interval 1 day as tomorrow, timestamp '2024-01-01 10:00:00' as ts, interval '2 hours' as two_hours
-- @@
select date_trunc('month', happened) as month, count(*) as n from events group by 1 order by 1
-- @@
select x'ff' as hex_blob_like, b'101' as bits
-- @@
select 1e3 as sci, .5 as half, 1_000_000 as big, 0.25 as quarter, -3 as negative, - -3 as double_negative
-- @@
select 10 - -1 as minus_negative, 10-1 as plain_minus
-- @@
select id from customers union all select customer_id from orders except select 99 order by 1
-- @@
select name, string_agg(status, ', ' order by status) as statuses from customers c left join orders o on o.customer_id = c.id group by name order by name
-- @@
select a.id, b.id as other from customers a cross join customers b where a.id < b.id order by 1, 2
-- @@
select * from orders asof join events on orders.customer_id = events.customer_id and orders.created >= events.happened order by orders.id
-- @@
select regexp_replace('a-b-c', '-', '_', 'g') as re, 'abc' like 'a%' as l, 'abc' ilike 'A_C' as il, 'abc' similar to 'a.c' as sim
-- @@
select struct_pack(a := 1, b := 'x') as packed
-- @@
select unnest([1, 2, 3]) as u
-- @@
select * from range(5) t(i) where i between 1 and 3 order by i
-- @@
select id, amount from orders order by amount desc nulls last, id limit 3 offset 1
-- @@
values (1, 'one'), (2, 'two')
-- @@
select count(*) filter (where status = 'paid') as paid, count(*) filter (where status <> 'paid') as other from orders
-- @@
select status, sum(amount) from orders group by rollup (status) order by 1 nulls first
-- @@
select 'tricky'';--' as s, '$$' as dollars, 'E''x' as e_text
-- @@
select name as "Value", id as value from customers order by id
-- @@
select json_extract('{"a": {"b": [1, 2]}}', '$.a.b[1]') as j, '{"a": 1}'::json->>'a' as arrow
